import { describe, expect, it } from 'vitest';
import { appRouteSource } from './app-routes.ts';

describe("the apps' route modules", () => {
  it("load their app's texts, and are its page's route module otherwise", () => {
    const source = appRouteSource('tide-table');
    expect(source).toContain("import texts from '../../../content/apps/tide-table/app.ts?texts';");
    expect(source).toContain('provideAppTexts("tide-table", texts);');
    expect(source).toContain("export { default, meta } from '../../routes/project.tsx';");
  });
});
