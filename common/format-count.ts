/**
 * A whole number with a comma between thousands ("2,000"), as `toLocaleString('en-US')`
 * writes it, without asking the browser's locale data: the first such call on a page loads
 * it, which takes 20 to 50 ms even on a desktop processor.
 */
export function formatCount(count: number): string {
  const digits = String(Math.trunc(Math.abs(count))).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${digits}` : digits;
}
