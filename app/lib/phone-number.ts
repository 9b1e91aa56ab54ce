/** A phone number as a `tel:` or `sms:` address wants it: digits and a leading plus. */
export function dialable(number: string): string {
  return number.replace(/[^+\d]/g, '');
}
