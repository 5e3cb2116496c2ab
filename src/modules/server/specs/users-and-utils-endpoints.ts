import { body, EVERYONE, obj, on, pathParam, str, uuid, type SystemEndpoint } from './system-endpoint-parts.js';

const email: typeof str = { type: 'string', format: 'email' };

/** Invitations, public registration, import and export (docs/authentication.md, docs/utils.md). */
export const USERS_AND_UTILS_ENDPOINTS: readonly SystemEndpoint[] = [
  {
    path: '/users/invite',
    method: 'post',
    tag: 'Users',
    operationId: 'invite',
    summary: 'Invite users by e-mail',
    gate: on('service_users', 'create'),
    body: body({ email: { oneOf: [email, { type: 'array', items: email }] }, role: uuid, invite_url: str }, ['email', 'role']),
    result: { kind: 'none' },
  },
  {
    path: '/users/invite/accept',
    method: 'post',
    tag: 'Users',
    operationId: 'acceptInvite',
    summary: 'Accept an invitation and choose a password',
    gate: EVERYONE,
    body: body({ token: str, password: str }, ['token', 'password']),
    result: { kind: 'none' },
  },
  {
    path: '/users/register',
    method: 'post',
    tag: 'Users',
    operationId: 'register',
    summary: 'Register an account (when public registration is on)',
    gate: EVERYONE,
    body: body({ email, password: str, first_name: str, last_name: str, verification_url: str }, ['email', 'password']),
    result: { kind: 'none' },
  },
  {
    path: '/users/register/verify-email',
    method: 'get',
    tag: 'Users',
    operationId: 'registerVerify',
    summary: 'Verify the e-mail address of a registration (redirects to the sign-in page)',
    gate: EVERYONE,
    parameters: [{ name: 'token', in: 'query', required: true, schema: str }],
    result: { kind: 'none' },
  },
  {
    path: '/utils/export/{collection}',
    method: 'post',
    tag: 'Utilities',
    operationId: 'exportToFile',
    summary: 'Export items into a file of the file library',
    gate: on('service_files', 'create'),
    parameters: [pathParam('collection')],
    body: body({ format: { type: 'string', enum: ['csv', 'csv_utf8', 'json', 'xml', 'yaml'] }, query: obj, file: obj }, ['format']),
    result: { kind: 'item', collection: 'service_files' },
  },
];
