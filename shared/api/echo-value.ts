/** The most characters of a caller's value an error message repeats. */
export const ECHO_MAX_CHARS = 200;

/**
 * A caller's value as an error message repeats it: whole when short, else its first 200 characters,
 * an ellipsis and the full length, so a multi-megabyte field never comes back in the answer.
 */
export function echoValue(value: string, max = ECHO_MAX_CHARS): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length} characters)`;
}
