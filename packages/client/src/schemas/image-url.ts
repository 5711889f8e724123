/**
 * Product image URLs: `origin` + `/path/` + file name, held to the page-URL rule so they stay on the
 * site: a `path` of `/\img.evil.example\` would otherwise read as `//img.evil.example/…`.
 */
import { rootRelativePathProblem } from './root-relative-path.js';

/** The image fields that name a file under `path`. */
export const IMAGE_FILE_FIELDS = ['image', 'image_small', 'image_big'] as const;
export type ImageFileField = (typeof IMAGE_FILE_FIELDS)[number];

const ABSOLUTE_FILE = /^https?:\/\//i;

/** `origin` + `/path/` + `file`, tolerant of missing or doubled slashes; already absolute files kept. */
export function imageUrl(origin: string, path: string, file: string): string {
  if (file === '') return '';
  if (ABSOLUTE_FILE.test(file)) return file;
  const dir = path.replace(/^\/+|\/+$/g, '');
  return `${origin.replace(/\/+$/, '')}/${dir === '' ? '' : `${dir}/`}${file.replace(/^\/+/, '')}`;
}

/** True for a file name the service sent as a whole `http(s)://` URL (kept as it is). */
export function isAbsoluteImageFile(file: string): boolean {
  return ABSOLUTE_FILE.test(file);
}

/** Why `file` under `path` would not give an image on the site; a whole URL is {@link absoluteImageProblem}'s. */
export function imageFileProblem(path: string, file: string): string | undefined {
  if (file === '' || isAbsoluteImageFile(file)) return undefined;
  const problem = rootRelativePathProblem(imageUrl('', path, file));
  return problem === undefined ? undefined : `gives an image URL off the site: ${problem}`;
}

/** Why a whole `http(s)://` image URL is not a root-relative path on `origin`, or undefined. */
export function absoluteImageProblem(file: string, origin: string): string | undefined {
  const base = origin.replace(/\/+$/, '');
  if (!file.toLowerCase().startsWith(`${base.toLowerCase()}/`)) {
    return `is an image URL on another host than the site (${base})`;
  }
  const problem = rootRelativePathProblem(file.slice(base.length));
  return problem === undefined ? undefined : `gives an image URL off the site: ${problem}`;
}
