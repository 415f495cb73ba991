/**
 * The Khronos glTF Validator (npm `gltf-validator`) on bytes: returns its report and a compact
 * list of error messages, so tests can assert `errors` is empty and print what went wrong.
 */
// @ts-expect-error the package ships no type declarations
import * as validator from 'gltf-validator';

export interface ValidationSummary {
  numErrors: number;
  numWarnings: number;
  errors: string[];
  warnings: string[];
}

interface Message {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
}

export async function validateGltf(data: Uint8Array, resources: Record<string, Uint8Array> = {}): Promise<ValidationSummary> {
  const report = await validator.validateBytes(data, {
    maxIssues: 50,
    externalResourceFunction: (uri: string) =>
      uri in resources ? Promise.resolve(resources[uri]) : Promise.reject(new Error(`missing ${uri}`)),
  });
  const msgs: Message[] = report.issues.messages;
  const fmt = (m: Message) => `${m.code} ${m.pointer ?? ''}: ${m.message}`;
  return {
    numErrors: report.issues.numErrors,
    numWarnings: report.issues.numWarnings,
    errors: msgs.filter((m) => m.severity === 0).map(fmt),
    warnings: msgs.filter((m) => m.severity === 1).map(fmt),
  };
}
