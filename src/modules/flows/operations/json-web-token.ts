import { createSecretKey, type KeyObject, type webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, errors, importPKCS8, importSPKI, importX509, jwtVerify, type JWTPayload } from 'jose';
import ms from 'ms';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { OperationType } from '../flows.types.js';
import { objectOption } from '../object-option.js';
import { OperationFailure } from '../operation-failure.js';

type Options = Record<string, unknown>;

const OPERATIONS = ['sign', 'verify', 'decode'];
const HMAC = ['HS256', 'HS384', 'HS512'];
const ALGORITHMS = [...HMAC, 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const isTemplate = (value: unknown) => typeof value === 'string' && value.includes('{{');

/** A duration as jsonwebtoken reads it: a number of seconds, or text such as `2h` or `7d`. */
function seconds(value: unknown, name: string): number {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? ms(value as ms.StringValue) / 1000 : NaN;
  if (!Number.isFinite(parsed)) throw new OperationFailure(`"${name}" must be a number of seconds or a duration such as "2h"`);
  return Math.floor(parsed);
}

const list = (value: unknown): string[] | undefined =>
  value === undefined || value === null ? undefined : (Array.isArray(value) ? value : [value]).map((entry) => String(entry as string));

/** The key for `algorithm`: the secret itself for HMAC, a PEM private key to sign or a PEM public key/certificate to verify. */
async function keyOf(secret: string, algorithm: string, use: 'sign' | 'verify'): Promise<KeyObject | webcrypto.CryptoKey> {
  if (HMAC.includes(algorithm)) return createSecretKey(Buffer.from(secret, 'utf8'));
  try {
    if (use === 'sign') return await importPKCS8(secret, algorithm);
    return secret.includes('BEGIN CERTIFICATE') ? await importX509(secret, algorithm) : await importSPKI(secret, algorithm);
  } catch {
    throw new OperationFailure(`"secret" is not a ${use === 'sign' ? 'private' : 'public'} key in PEM form for ${algorithm}`);
  }
}

async function sign(options: Options, now: Date): Promise<string> {
  const payload = objectOption(options.payload, 'payload');
  const settings = objectOption(options.options, 'options');
  const algorithm = String(settings.algorithm ?? 'HS256');
  if (!ALGORITHMS.includes(algorithm)) throw new OperationFailure(`"algorithm" must be one of ${ALGORITHMS.join(', ')}`);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header: Record<string, unknown> = { ...(isPlainObject(settings.header) ? settings.header : {}), alg: algorithm, typ: 'JWT' };
  if (settings.keyid !== undefined) header.kid = String(settings.keyid as string);
  const jwt = new SignJWT(payload as JWTPayload).setProtectedHeader(header as { alg: string });
  if (settings.noTimestamp !== true) jwt.setIssuedAt(typeof payload.iat === 'number' ? payload.iat : issuedAt);
  if (settings.expiresIn !== undefined) jwt.setExpirationTime(issuedAt + seconds(settings.expiresIn, 'expiresIn'));
  if (settings.notBefore !== undefined) jwt.setNotBefore(issuedAt + seconds(settings.notBefore, 'notBefore'));
  if (settings.audience !== undefined) jwt.setAudience(list(settings.audience)!);
  if (settings.issuer !== undefined) jwt.setIssuer(String(settings.issuer as string));
  if (settings.subject !== undefined) jwt.setSubject(String(settings.subject as string));
  if (settings.jwtid !== undefined) jwt.setJti(String(settings.jwtid as string));
  return jwt.sign(await keyOf(String(options.secret as string), algorithm, 'sign'));
}

async function verify(options: Options, now: Date): Promise<unknown> {
  const token = String(options.token as string);
  const settings = objectOption(options.options, 'options');
  const algorithms = list(settings.algorithms) ?? HMAC;
  let algorithm: string;
  try {
    algorithm = String(decodeProtectedHeader(token).alg);
  } catch {
    throw new OperationFailure('The token is not a JSON Web Token');
  }
  if (!algorithms.includes(algorithm)) throw new OperationFailure(`The token's algorithm ${algorithm} is not allowed`);
  const key = await keyOf(String(options.secret as string), algorithm, 'verify');
  const { payload, protectedHeader } = await jwtVerify(token, key, {
    algorithms,
    currentDate: settings.ignoreExpiration === true ? new Date(0) : now,
    ...(settings.audience !== undefined ? { audience: list(settings.audience)! } : {}),
    ...(settings.issuer !== undefined ? { issuer: list(settings.issuer)! } : {}),
    ...(settings.subject !== undefined ? { subject: String(settings.subject as string) } : {}),
    ...(settings.clockTolerance !== undefined ? { clockTolerance: seconds(settings.clockTolerance, 'clockTolerance') } : {}),
    ...(settings.maxAge !== undefined ? { maxTokenAge: seconds(settings.maxAge, 'maxAge') } : {}),
  });
  if (settings.jwtid !== undefined && payload.jti !== String(settings.jwtid as string)) throw new OperationFailure('jwt jwtid invalid');
  return settings.complete === true ? { header: protectedHeader, payload } : payload;
}

function decode(options: Options): unknown {
  const token = String(options.token as string);
  const settings = objectOption(options.options, 'options');
  try {
    const payload = decodeJwt(token);
    return settings.complete === true ? { header: decodeProtectedHeader(token), payload } : payload;
  } catch {
    // jsonwebtoken answers null for text that is not a token; so does this.
    return null;
  }
}

/**
 * `json-web-token` (Directus's options): `operation` `sign` (a token for `payload` with `secret`), `verify`
 * (`token`'s payload when its signature and claims hold, else the step fails) or `decode` (`token`'s payload
 * without any check); `options` as jsonwebtoken names them (`algorithm`, `expiresIn`, `notBefore`, `audience`,
 * `issuer`, `subject`, `jwtid`, `keyid`, `header`, `noTimestamp`; to verify `algorithms`, `clockTolerance`,
 * `maxAge`, `ignoreExpiration`, `complete`). HMAC with the secret as text, or RSA, RSA-PSS, ECDSA and EdDSA
 * with PEM keys. `secret` is never recorded in a run's log, nor anywhere it was copied (the runner masks it).
 */
export function jsonWebTokenOperation(): OperationType {
  return {
    secretOptions: ['secret'],
    validate(options) {
      const operation = options.operation;
      if (!OPERATIONS.includes(String(operation)) && !isTemplate(operation)) return `"operation" must be one of ${OPERATIONS.join(', ')}`;
      if (operation === 'sign' && (options.payload === undefined || options.payload === null)) return '"payload" is required to sign';
      if (operation !== 'sign' && (typeof options.token !== 'string' || options.token === '')) return '"token" is required';
      if (operation !== 'decode' && (typeof options.secret !== 'string' || options.secret === '')) return '"secret" is required';
      if (
        options.options !== undefined &&
        options.options !== null &&
        !isPlainObject(options.options) &&
        typeof options.options !== 'string'
      ) {
        return '"options" must be an object';
      }
      const algorithm = isPlainObject(options.options) ? options.options.algorithm : undefined;
      if (algorithm !== undefined && !ALGORITHMS.includes(String(algorithm))) return `"algorithm" must be one of ${ALGORITHMS.join(', ')}`;
      return null;
    },
    async run(options, scope) {
      const operation = String(options.operation);
      if (operation !== 'decode' && (typeof options.secret !== 'string' || options.secret === '')) {
        throw new OperationFailure('The JSON Web Token secret is empty');
      }
      if (operation !== 'sign' && (typeof options.token !== 'string' || options.token === '')) {
        throw new OperationFailure('The JSON Web Token token is empty');
      }
      try {
        if (operation === 'sign') return await sign(options, scope.ctx.now());
        if (operation === 'verify') return await verify(options, scope.ctx.now());
        if (operation === 'decode') return decode(options);
      } catch (error) {
        // jose's messages name the claim or the check that failed, never the key.
        if (error instanceof errors.JOSEError) throw new OperationFailure(error.message, { message: error.message, code: error.code });
        throw error;
      }
      throw new OperationFailure(`"operation" must be one of ${OPERATIONS.join(', ')}`);
    },
  };
}
