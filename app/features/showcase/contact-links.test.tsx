import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../../content/index.ts';
import { ContactLinks } from './contact-links.tsx';

describe('ContactLinks', () => {
  it('offers the résumé after the ways to reach the owner, with its size, to save', () => {
    render(
      <ContactLinks
        contact={site.contact}
        resume={{ href: '/resume/ada-rivera.pdf', size: '48 KB' }}
        labelledBy="contact"
      />,
    );
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['LinkedIn', 'Email', 'Phone', 'Text', 'Résumé (PDF, 48 KB)']);
    const resume = screen.getByRole('link', { name: 'Résumé (PDF, 48 KB)' });
    expect(resume).toHaveAttribute('href', '/resume/ada-rivera.pdf');
    expect(resume).toHaveAttribute('download');
    expect(resume).not.toHaveAttribute('target');
  });

  it('offers no résumé when the owner names none', () => {
    render(<ContactLinks contact={site.contact} />);
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(screen.queryByRole('link', { name: /Résumé/ })).toBeNull();
  });
});
