import type { ComponentType } from 'react';
import type { Site } from '../../../content/schema.ts';
import { dialable } from '../../lib/phone-number.ts';
import { BrandIcon, linkedInMark } from '../../ui/brand-icon.tsx';
import { MailIcon, MessageIcon, PhoneIcon } from '../../ui/icons.tsx';
import styles from './contact-links.module.css';

const LinkedInIcon = () => <BrandIcon mark={linkedInMark} />;

interface ContactLink {
  label: string;
  href: string;
  icon: ComponentType;
  external?: boolean;
}

export function contactLinks(contact: Site['contact']): ContactLink[] {
  return [
    { label: 'LinkedIn', href: contact.linkedin, icon: LinkedInIcon, external: true },
    { label: 'Email', href: `mailto:${contact.email}`, icon: MailIcon },
    { label: 'Phone', href: `tel:${dialable(contact.phone)}`, icon: PhoneIcon },
    { label: 'Text', href: `sms:${dialable(contact.sms)}`, icon: MessageIcon },
  ];
}

export interface ContactLinksProps {
  contact: Site['contact'];
  /** Id of the heading that names the list. */
  labelledBy?: string;
}

/** The ways to reach the owner, as icon and label buttons. */
export function ContactLinks({ contact, labelledBy }: ContactLinksProps) {
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {contactLinks(contact).map(({ label, href, icon: Icon, external }) => (
        <li key={label}>
          <a
            className={styles.link}
            href={href}
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
