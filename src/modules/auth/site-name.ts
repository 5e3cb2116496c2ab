/** What an e-mail calls this server: the host of PUBLIC_URL, or "Stratum" when it is not absolute. */
export function siteName(publicUrl: string): string {
  return URL.canParse(publicUrl) ? new URL(publicUrl).host : 'Stratum';
}
