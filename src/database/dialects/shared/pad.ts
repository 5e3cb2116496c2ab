/** Zero-pads a date or time part: pad(7) is `07`, pad(5, 3) is `005`. */
export function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
