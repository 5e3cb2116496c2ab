/**
 * The German messages of the signed-out pages (sign-in, password request and reset, a share's public page, the API's
 * error sentences): the chunk a German browser loads before the sign-in page shows (decision 0151). The rest is in
 * de.ts, loaded after sign-in; the catalogue tests keep the two apart and complete.
 */
export const deSignedOut: Record<string, string> = {
  'Ask for a new link': 'Neuen Link anfordern',
  'Back to sign in': 'Zurück zur Anmeldung',
  Email: 'E-Mail',
  'Enter a valid email address.': 'Geben Sie eine gültige E-Mail-Adresse ein.',
  'Enter your email and password.': 'Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
  'Forgot your password?': 'Passwort vergessen?',
  'If an account uses this address, an email with a link to set a new password is on its way. The link works for one day.':
    'Falls ein Konto diese Adresse verwendet, ist eine E-Mail mit einem Link zum Festlegen eines neuen Passworts unterwegs. Der Link ist einen Tag lang gültig.',
  'Loading…': 'Wird geladen…',
  'New password': 'Neues Passwort',
  'One-time code': 'Einmalcode',
  Open: 'Öffnen',
  'Or sign in with': 'Oder anmelden mit',
  'Page not found': 'Seite nicht gefunden',
  Password: 'Passwort',
  'Repeat new password': 'Neues Passwort wiederholen',
  'Reset your password': 'Passwort zurücksetzen',
  'Send reset link': 'Link zum Zurücksetzen senden',
  'Set a new password': 'Neues Passwort festlegen',
  'Set new password': 'Neues Passwort festlegen',
  'Shared item': 'Geteilter Eintrag',
  'Sign in': 'Anmelden',
  'Sign in to Stratum': 'Bei Stratum anmelden',
  'Sign in with your new password': 'Mit dem neuen Passwort anmelden',
  'Signing in failed. Try again.': 'Die Anmeldung ist fehlgeschlagen. Versuchen Sie es erneut.',
  'Signing in is not allowed from this network address.': 'Die Anmeldung ist von dieser Netzwerkadresse aus nicht erlaubt.',
  'Signing in…': 'Anmeldung läuft…',
  'Single sign-on did not complete. Try again, or sign in with your email and password.':
    'Die Single-Sign-On-Anmeldung wurde nicht abgeschlossen. Versuchen Sie es erneut oder melden Sie sich mit E-Mail und Passwort an.',
  'Single sign-on needs your one-time code: enter it below, then choose the provider again.':
    'Die Single-Sign-On-Anmeldung benötigt Ihren Einmalcode: Geben Sie ihn unten ein und wählen Sie dann erneut den Anbieter.',
  'That one-time code is not valid. Enter the current code from your authenticator app, or a recovery code.':
    'Dieser Einmalcode ist ungültig. Geben Sie den aktuellen Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
  'The password could not be set. Try again.': 'Das Passwort konnte nicht festgelegt werden. Versuchen Sie es erneut.',
  'The request could not be sent. Try again.': 'Die Anfrage konnte nicht gesendet werden. Versuchen Sie es erneut.',
  'The server answered {status}.': 'Der Server antwortete mit {status}.',
  'The server cannot be reached. Check your connection and try again.':
    'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'The two passwords are not the same.': 'Die beiden Passwörter stimmen nicht überein.',
  'There is no page at this address.': 'Unter dieser Adresse gibt es keine Seite.',
  'This account is suspended. Ask an administrator to re-activate it.':
    'Dieses Konto ist gesperrt. Bitten Sie eine Administratorin oder einen Administrator, es wieder zu aktivieren.',
  'This identity is already linked to another account.': 'Diese Identität ist bereits mit einem anderen Konto verknüpft.',
  'This link has expired: reset links work for one day. Ask for a new one.':
    'Dieser Link ist abgelaufen: Links zum Zurücksetzen sind einen Tag lang gültig. Fordern Sie einen neuen an.',
  'This link has no reset token. Open the link from the email again, or ask for a new one.':
    'Dieser Link enthält kein Token zum Zurücksetzen. Öffnen Sie den Link aus der E-Mail erneut oder fordern Sie einen neuen an.',
  'This link is not valid. Check that it was copied whole, or ask for a new one.':
    'Dieser Link ist ungültig. Prüfen Sie, ob er vollständig kopiert wurde, oder fordern Sie einen neuen an.',
  'This link was already used, or the account changed since it was sent. Ask for a new one.':
    'Dieser Link wurde bereits verwendet, oder das Konto hat sich seit dem Versand geändert. Fordern Sie einen neuen an.',
  'This page could not be loaded. Reload the page to try again.':
    'Diese Seite konnte nicht geladen werden. Laden Sie die Seite neu, um es erneut zu versuchen.',
  'This password does not meet the password policy.': 'Dieses Passwort entspricht nicht der Passwortrichtlinie.',
  "This share does not exist, or it can't be used any more.": 'Diese Freigabe gibt es nicht, oder sie kann nicht mehr verwendet werden.',
  'This share is protected by a password.': 'Diese Freigabe ist durch ein Passwort geschützt.',
  'Too many requests for this address. Wait a few minutes, then try again.':
    'Zu viele Anfragen für diese Adresse. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
  'Too many sign-in attempts. Wait a few minutes, then try again.':
    'Zu viele Anmeldeversuche. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
  'Two-factor authentication is on for this account: enter the code from your authenticator app, or a recovery code.':
    'Für dieses Konto ist die Zwei-Faktor-Authentifizierung aktiv: Geben Sie den Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
  'Unknown user': 'Unbekannter Benutzer',
  'Wrong email or password.': 'E-Mail oder Passwort ist falsch.',
  'Wrong password, or the share can no longer be used.': 'Falsches Passwort, oder die Freigabe kann nicht mehr verwendet werden.',
  'You do not have permission to see this.': 'Sie haben keine Berechtigung, dies zu sehen.',
  'Your new password is set, and every session of your account was signed out.':
    'Ihr neues Passwort ist festgelegt, und alle Sitzungen Ihres Kontos wurden abgemeldet.',
  'Your session has ended. Reload the page to sign in again.':
    'Ihre Sitzung ist abgelaufen. Laden Sie die Seite neu, um sich erneut anzumelden.',
  'Your session has ended. Sign in again.': 'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an.',
};
