/**
 * Errors of the generation engine. Messages are meant for a person: the service shows an
 * `ImageFormatError` as a 400 at submission and a `GenerateError` as the failed job's `error`.
 */

/** The submitted bytes are not an image the engine can read (checked before a job is created). */
export class ImageFormatError extends Error {
  override name = 'ImageFormatError';
}

/** The image was read but no model can be made from it (no subject, subject too small, ...). */
export class GenerateError extends Error {
  override name = 'GenerateError';
}
