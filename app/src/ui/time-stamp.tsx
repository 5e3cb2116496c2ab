import { locale } from '../i18n/t.js';

/** A stored date and time as the app's language writes it (empty for none). */
export function timeStampText(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleString(locale()) : '';
}

/** A stored date and time in a `<time>` element, written in the app's language. */
export function TimeStamp({ value }: { value: string | null | undefined }) {
  return <time dateTime={value ?? undefined}>{timeStampText(value)}</time>;
}
