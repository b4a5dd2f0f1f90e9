export { createBffApp } from './create-bff-app.js';
export { tokenFromHeader, allows } from './http/auth.guard.js';
export { signEmbedToken, verifyEmbedToken } from './embed/embed-token.js';
