/**
 * jsdom 20 (jest-environment-jsdom 29) lacks TextEncoder and TextDecoder, which React Router needs; every
 * browser has them, so the web project takes Node's implementations of the same standard.
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
