// Small field rules shared by the creation requests (service-behaviour.md).
import { z } from 'zod';

export { BUILD_PACKS, REDIRECTS, HEALTH_CHECK_METHODS, HEALTH_CHECK_SCHEMES } from './constants.js';

const PORT = /^\d{1,5}$/;
const inPortRange = (s: string) => PORT.test(s) && Number(s) >= 1 && Number(s) <= 65535;

export const text = () => z.string();
export const required = () => z.string().refine((s) => s.trim() !== '', { message: 'is required.' });
/** Identifiers of projects, servers, environments, destinations. */
export const identifier = () =>
  z
    .string()
    .min(1, { message: 'is required.', abort: true })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: 'must be an identifier (letters, digits, - and _).' });

export const int = (min?: number, max?: number) => {
  let s = z.number().int();
  if (min !== undefined) s = s.min(min);
  if (max !== undefined) s = s.max(max);
  return s;
};

export const portList = () =>
  z.string().refine((s) => s.split(',').every((p) => inPortRange(p.trim())), {
    message: 'must be comma-separated ports from 1 to 65535, e.g. 3000 or 3000,3001.',
  });

export const portMappings = () =>
  z.string().refine(
    (s) =>
      s.split(',').every((pair) => {
        const parts = pair.trim().split(':');
        return parts.length === 2 && parts.every(inPortRange);
      }),
    { message: 'must be comma-separated host:container port pairs, e.g. 8080:80.' },
  );

export const portString = () => z.string().refine(inPortRange, { message: 'must be a port number from 1 to 65535.' });

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const urlList = () =>
  z.string().refine((s) => s.split(',').every(isHttpUrl), {
    message: 'must be comma-separated http(s) URLs, e.g. https://app.example.com.',
  });

const SCP_LIKE = /^[\w.-]+@[\w.-]+:[\w./~-]+$/;
export function isRepositoryUrl(s: string): boolean {
  const v = s.trim();
  if (SCP_LIKE.test(v)) return true;
  try {
    const u = new URL(v);
    return ['http:', 'https:', 'git:', 'ssh:'].includes(u.protocol) && u.hostname !== '' && u.pathname.length > 1;
  } catch {
    return false;
  }
}
export const repositoryUrl = () =>
  z.string().refine(isRepositoryUrl, {
    message: 'must be a repository URL, e.g. https://github.com/owner/repo or git@host:owner/repo.git.',
  });

export const commitSha = () =>
  z.string().regex(/^(HEAD|[0-9a-fA-F]{4,40})$/, { message: 'must be HEAD or a commit sha (4 to 40 hex digits).' });

export const memory = () =>
  z.string().regex(/^\d+(\.\d+)?[bkmgBKMG]?$/, { message: 'must be a size like 512m or 1g ("0" for unlimited).' });
export const cpus = () => z.string().regex(/^\d+(\.\d+)?$/, { message: 'must be a decimal number of CPUs like 0.5 or 2.' });
export const cpuset = () => z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, { message: 'must list CPUs like 0-2 or 0,1,3.' });

export function isBase64(s: string): boolean {
  const v = s.replace(/\s+/g, '');
  return v.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(v);
}
export const base64 = () => z.string().refine(isBase64, { message: 'must be base64-encoded text.' });
