import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { GENERATE_OPTION_SPECS } from '../../../shared/generate/engine';

/** One schema property per generation option, from the engine's own option table. */
const optionProperties = Object.fromEntries(
  Object.entries(GENERATE_OPTION_SPECS).map(([name, spec]) => {
    const schema: TSchema =
      spec.type === 'string'
        ? Type.Unsafe<string>({ type: 'string', enum: [...spec.enum], default: spec.default, description: spec.description })
        : spec.type === 'integer'
          ? Type.Integer({ minimum: spec.minimum, maximum: spec.maximum, default: spec.default, description: spec.description })
          : Type.Number({ minimum: spec.minimum, maximum: spec.maximum, default: spec.default, description: spec.description });
    return [name, Type.Optional(schema)];
  }),
);

export const ModelRequest = Type.Object(
  {
    image_url: Type.Optional(Type.String({ description: 'http(s) URL of the source image (PNG, JPEG, WebP, GIF, TIFF, AVIF). Up to 200 MB, 60 s, 5 redirects.' })),
    image_base64: Type.Optional(Type.String({ description: 'Rigdesk extension: the image inline, base64 (a data: URI is accepted). At most 10 MB decoded.' })),
    ...optionProperties,
  },
  {
    additionalProperties: false,
    $id: 'ModelRequest',
    description: 'Exactly one of image_url, image_base64. Costs 30 credits, reserved at acceptance. The subject is cut out of its background (or taken from the alpha channel), inflated into a closed mesh and textured from the image.',
  },
);
export type ModelRequestBody = Static<typeof ModelRequest> & { image_url?: string; image_base64?: string } & Record<string, unknown>;
