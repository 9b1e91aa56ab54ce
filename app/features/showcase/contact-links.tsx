import type { ComponentType } from 'react';
import type { Site } from '../../../content/schema.ts';
import { t } from '../../i18n/messages.ts';
import { dialable } from '../../lib/phone-number.ts';
import { BrandIcon, linkedInMark } from '../../ui/brand-icon.tsx';
import { DocumentIcon, MailIcon, MessageIcon, PhoneIcon } from '../../ui/icons.tsx';
import styles from './contact-links.module.css';

const LinkedInIcon = () => <BrandIcon mark={linkedInMark} />;

interface ContactLink {
  label: string;
  href: string;
  icon: ComponentType;
  external?: boolean;
  /** A file to save rather than a page (the résumé). */
  download?: boolean;
}

/** The owner's résumé as its link shows it: its address, and its size (`48 KB`). */
export interface ResumeLink {
  href: string;
  size: string;
}

export function contactLinks(contact: Site['contact'], resume?: ResumeLink): ContactLink[] {
  return [
    { label: t.contact.linkedIn, href: contact.linkedin, icon: LinkedInIcon, external: true },
    { label: t.contact.email, href: `mailto:${contact.email}`, icon: MailIcon },
    { label: t.contact.phone, href: `tel:${dialable(contact.phone)}`, icon: PhoneIcon },
    { label: t.contact.text, href: `sms:${dialable(contact.sms)}`, icon: MessageIcon },
    ...(resume
      ? [
          {
            label: t.contact.resume(resume.size),
            href: resume.href,
            icon: DocumentIcon,
            download: true,
          },
        ]
      : []),
  ];
}

export interface ContactLinksProps {
  contact: Site['contact'];
  /** The owner's résumé, linked after the ways to reach them; default none. */
  resume?: ResumeLink | undefined;
  /** Id of the heading that names the list. */
  labelledBy?: string;
}

/** The ways to reach the owner, as icon and label buttons, and their résumé where there is one. */
export function ContactLinks({ contact, resume, labelledBy }: ContactLinksProps) {
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {contactLinks(contact, resume).map(({ label, href, icon: Icon, external, download }) => (
        <li key={label}>
          <a
            className={styles.link}
            href={href}
            download={download}
            {...(external ? { target: '_blank', rel: 'noopener' } : {})}
          >
            <span className={styles.icon}>
              <Icon />
            </span>
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}
