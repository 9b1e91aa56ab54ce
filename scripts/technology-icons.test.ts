import { describe, expect, it } from 'vitest';
import { technologyIconsModule } from './technology-icons.ts';

describe('the generated module of technology marks', () => {
  it('imports a simple-icons icon by slug and an SVG file from content/technologies/', () => {
    const source = technologyIconsModule(
      {
        react: { name: 'React', href: 'https://react.dev/', icon: 'react' },
        'core-data': {
          name: 'Core Data',
          href: 'https://developer.apple.com/documentation/coredata',
          icon: 'core-data.svg',
        },
      },
      '/site/content',
      '/site/app/generated',
    );
    expect(source).toContain('import icon0 from "simple-icons/icons/react.svg?url";');
    expect(source).toContain('import icon1 from "../../content/technologies/core-data.svg?url";');
    expect(source).toContain('"react": { title: "React", src: icon0 },');
    expect(source).toContain('"core-data": { title: "Core Data", src: icon1 },');
  });
});
