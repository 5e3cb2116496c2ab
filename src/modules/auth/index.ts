export { clearCookie as clearAuthCookie, createAuthRoutes, setCookie as setAuthCookie } from './auth.routes.js';
export { createAuthService, type AuthService, type LoginMode, type TokenResult } from './create-auth-service.js';
