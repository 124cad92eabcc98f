/**
 * Amplify's JWT decoder on its own: loaded by a dynamic import, this module brings only what decodeJWT needs, where
 * importing 'aws-amplify/auth' itself would bring the whole auth category (about 20 KB gzipped).
 */
export { decodeJWT } from 'aws-amplify/auth';
