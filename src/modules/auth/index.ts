export { createAuthService, type AuthService, type LoginMode, type TokenResult } from './create-auth-service.js';
export { createPasswordService, type PasswordService } from './create-password-service.js';
export { createThrottle, type Throttle } from './login-throttle.js';
export { createSessionsService, type SessionInfo, type SessionsService } from './create-sessions-service.js';
export { createTfaService, type TfaService } from './create-tfa-service.js';
export { createOtpReplayGuard, type OtpReplayGuard } from './second-factor.js';
export { createSsoService, type SsoService } from './sso/create-sso-service.js';
export { failureRedirect } from './sso/login-redirect.js';
