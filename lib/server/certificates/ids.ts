import 'server-only';
import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url: 22 characters nobody can guess or enumerate. */
export function newCertificateId(): string {
  return randomBytes(16).toString('base64url');
}

const idShape = /^[A-Za-z0-9_-]{22}$/;

/** Public routes check the shape first, so a malformed id answers 404 without a database query. */
export function isCertificateIdShape(value: string): boolean {
  return idShape.test(value);
}
