/**
 * The owner's contact details, above the form on an app's support page: the Support URL of
 * a store listing must lead to a way to reach the developer (App Store Review Guideline 1.5,
 * Developer Information). Read from content/site.ts.
 */
import { site } from '../../../content/index.ts';
import { t } from '../../i18n/messages.ts';
import { feedbackWords } from '../../i18n/feedback-words.ts';
import { dialable } from '../../lib/phone-number.ts';
import { MailIcon, MessageIcon, PhoneIcon } from '../../ui/icons.tsx';
import styles from './owner-contact.module.css';

export interface OwnerContactProps {
  /** The app whose support page this is. */
  appName: string;
}

export function OwnerContact({ appName }: OwnerContactProps) {
  const { ownerName, contact } = site;
  const ways = [
    {
      label: t.contact.email,
      href: `mailto:${contact.email}`,
      text: contact.email,
      Icon: MailIcon,
    },
    {
      label: t.contact.phone,
      href: `tel:${dialable(contact.phone)}`,
      text: contact.phone,
      Icon: PhoneIcon,
    },
    {
      label: t.contact.text,
      href: `sms:${dialable(contact.sms)}`,
      text: contact.sms,
      Icon: MessageIcon,
    },
  ];
  return (
    <address className={styles.contact}>
      <p className={styles.lead}>{feedbackWords.contactLead(ownerName, appName)}</p>
      <ul className={styles.ways}>
        {ways.map(({ label, href, text, Icon }) => (
          <li key={label} className={styles.way}>
            <Icon size={18} className={styles.icon} />
            <span className={styles.label}>{label}</span>
            <a href={href}>{text}</a>
          </li>
        ))}
      </ul>
    </address>
  );
}
