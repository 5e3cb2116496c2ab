export { clearCookie as clearAuthCookie, createAuthRoutes, setCookie as setAuthCookie } from './auth.routes.js';
export { createAuthService, type AuthService, type LoginMode, type TokenResult } from './create-auth-service.js';
export { createPasswordService, type PasswordService } from './create-password-service.js';
export { createPasswordRoutes } from './password.routes.js';
export { createThrottle, type Throttle } from './login-throttle.js';
export { createSsoService, type SsoService } from './sso/create-sso-service.js';
export { createSsoRoutes } from './sso/sso.routes.js';
