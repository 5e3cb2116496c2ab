import type { Config } from '../config/index.js';
import { describeDatabase } from '../database/connection.js';
import type { BootstrapResult } from '../modules/bootstrap/bootstrap-database.js';

/** After the first start: how to log in (the generated password is shown this once). */
export function printLoginHint(url: string, config: Config, result: BootstrapResult): void {
  const local = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [`Stratum is running at ${local} (database: ${describeDatabase(config.db)})`];
  lines.push(`Admin app: ${local}/admin`);
  if (result.created) {
    lines.push('', 'First start: an administrator was created.', `  email:    ${result.email}`);
    lines.push(
      result.generatedPassword
        ? `  password: ${result.password}   (generated; shown only this once)`
        : '  password: the value of ADMIN_PASSWORD',
    );
    lines.push(
      '',
      'Log in:',
      `  curl -X POST ${local}/auth/login -H 'Content-Type: application/json' \\`,
      `    -d '{"email":"${result.email}","password":"<password>"}'`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
