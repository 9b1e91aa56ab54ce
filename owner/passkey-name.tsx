import { useId } from 'react';
import styles from './owner.module.css';

export interface PasskeyNameProps {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** An example shown while empty; default none. */
  placeholder?: string;
}

/** The name the owner gives a new passkey (what the passkeys list shows). */
export function PasskeyName({ label, value, onChange, placeholder }: PasskeyNameProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={60}
        required
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
