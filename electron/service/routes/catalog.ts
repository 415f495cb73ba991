import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogResponseCache } from '../catalog/response-cache';
import { Type } from '@sinclair/typebox';
import { LIMITS, RIG_TYPES } from '../../../shared/api/constants';
import { fileUrl } from '../jobs/job-view';
import { errorResponses, Nullable, pageOf, Paging } from '../schemas/common';
import { OneOf } from '../schemas/rig';
import type { ServiceDeps } from '../service-deps';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { importPackInChild } from '../catalog/import-in-child';
import { baseUrlOf } from './base-url';

const Asset = Type.Object(
  {
    id: Type.String({ description: '<pack_id>/<asset_name>' }),
    name: Type.String(),
    category: Type.String(),
    url: Type.String({ format: 'uri', description: 'The GLB model file.' }),
    thumbnail: Type.String({ format: 'uri', description: 'PNG thumbnail.' }),
  },
  { $id: 'Asset' },
);

/** Rigdesk addition (spec 9.3): an empty first-start list says why instead of looking final. */
const Library = Type.Object({
  state: Type.Union([Type.Literal('installing'), Type.Literal('ready')], { description: "'installing' while the built-in CC0 packs are being installed: the list may be empty or partial." }),
});

const AssetList = Type.Object({
  object: Type.Literal('list'),
  total: Type.Integer({ description: 'Assets matching the filters, not the page size.' }),
  limit: Type.Integer({ description: 'Page size applied.' }),
  offset: Type.Integer(),
  license: Type.Literal('CC0-1.0'),
  assets: Type.Array(Asset),
  library: Type.Optional(Library),
});

const Categories = Type.Object({
  object: Type.Literal('asset_categories'),
  total_assets: Type.Integer(),
  categories: Type.Array(Type.String()),
  packs: Type.Array(Type.String()),
});

const Animation = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('animation'),
    name: Type.String(),
    rig_type: Type.String({ description: 'Body plan the clip is authored for.' }),
    duration_seconds: Type.Number(),
    fps: Type.Number({ description: 'Key frame rate.' }),
    loop: Type.Boolean({ description: 'Whether the clip loops seamlessly.' }),
    url: Type.String({ format: 'uri', description: 'GLB holding the clip on its template skeleton; usable as animation_url.' }),
    preview_url: Nullable(Type.String({ format: 'uri' })),
    license: Type.Literal('CC0-1.0'),
  },
  { $id: 'Animation' },
);

const AnimationList = Type.Object({
  object: Type.Literal('list'),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  license: Type.Literal('CC0-1.0'),
  animations: Type.Array(Animation),
  library: Type.Optional(Library),
});

export function catalogRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  const { store } = deps;
  const cache = new CatalogResponseCache(() => store.catalog.changeStamp());
  const library = () => ({ state: deps.libraryInstalling?.() ? ('installing' as const) : ('ready' as const) });
  /** Answers from the cache, or computes, serialises (with the route's serializer) and caches. */
  const cached = async (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) => {
    const key = `${library().state} ${baseUrlOf(request)}${request.url}`;
    let body = await cache.get(key);
    if (body === undefined) {
      body = reply.serialize(await compute()) as string;
      cache.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
  app.addSchema(Asset);
  app.addSchema(Animation);

  app.get<{ Querystring: { query?: string; category?: string; pack?: string; limit?: number; offset?: number } }>('/v1/assets', {
    schema: {
      summary: 'List the CC0 asset catalog',
      description: 'Free. Page with offset until total items are collected.',
      tags: ['assets'],
      querystring: Type.Object(
        {
          query: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of name or id.' })),
          category: Type.Optional(Type.String({ description: 'Exact category.' })),
          pack: Type.Optional(Type.String({ description: 'A pack id from /v1/assets/categories.' })),
          ...Paging(LIMITS.assetsPageDefault, LIMITS.assetsPageMax),
        },
        { additionalProperties: false },
      ),
      response: { 200: AssetList, ...errorResponses(400, 401, 402, 429) },
    },
    handler: async (request, reply) =>
      cached(request, reply, async () => {
        const q = request.query;
        const { limit, offset } = pageOf(q, LIMITS.assetsPageDefault, LIMITS.assetsPageMax);
        const { total, rows } = await store.catalog.searchAssets({ query: q.query, category: q.category, pack: q.pack, limit, offset });
        const base = baseUrlOf(request);
        return {
          object: 'list',
          total,
          limit,
          offset,
          license: 'CC0-1.0',
          assets: rows.map((a) => ({
            id: a.id,
            name: a.name,
            category: a.category,
            url: fileUrl(base, a.model_token, `${a.id.split('/').pop()}.glb`),
            thumbnail: fileUrl(base, a.thumbnail_token, `${a.id.split('/').pop()}.png`),
          })),
          library: library(),
        };
      }),
  });

  app.post<{ Body: { path: string } }>('/v1/assets/import', {
    schema: {
      summary: 'Import a CC0 pack from a folder or .zip on this machine (Rigdesk extension)',
      description:
        'Only the account of this computer (the owner) may import. The pack is refused unless its licence file says CC0; models are converted to GLB with thumbnails; re-importing a pack updates it. Answers when the import is finished.',
      tags: ['assets'],
      body: Type.Object({ path: Type.String({ minLength: 1, description: 'Absolute path of a pack folder or .zip' }) }, { additionalProperties: false }),
      response: {
        200: Type.Object({
          object: Type.Literal('catalog_import'),
          pack_id: Type.String(),
          license: Type.Literal('CC0-1.0'),
          license_file: Type.String(),
          imported: Type.Integer(),
          failed: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() })),
        }),
        ...errorResponses(400, 401, 402, 403, 429),
      },
    },
    handler: async (request) => {
      if (request.account.is_owner !== 1) throw new ApiError('forbidden', "Only this computer's own account can import packs into the catalog.");
      try {
        const outcome = await importPackInChild(store.dataDir, request.body.path);
        return { object: 'catalog_import', ...outcome };
      } catch (err) {
        throw invalidRequest(`path: ${(err as Error).message}`);
      }
    },
  });

  app.get('/v1/assets/categories', {
    schema: { summary: 'Asset categories and packs', tags: ['assets'], response: { 200: Categories, ...errorResponses(401, 402, 429) } },
    handler: async (request, reply) =>
      cached(request, reply, async () => ({
        object: 'asset_categories',
        total_assets: await store.catalog.totalAssets(),
        categories: await store.catalog.categories(),
        packs: await store.catalog.packs(),
      })),
  });

  app.get<{ Querystring: { rig_type?: string; query?: string; limit?: number; offset?: number } }>('/v1/animations', {
    schema: {
      summary: 'List the CC0 animation clip library',
      tags: ['animations'],
      querystring: Type.Object(
        {
          rig_type: Type.Optional(OneOf(RIG_TYPES, 'Only clips for this body plan.')),
          query: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the clip name.' })),
          ...Paging(LIMITS.animationsPageDefault, LIMITS.animationsPageMax),
        },
        { additionalProperties: false },
      ),
      response: { 200: AnimationList, ...errorResponses(400, 401, 402, 429) },
    },
    handler: async (request) => {
      const q = request.query;
      const { limit, offset } = pageOf(q, LIMITS.animationsPageDefault, LIMITS.animationsPageMax);
      const { total, rows } = await store.catalog.searchClips({ rigType: q.rig_type, query: q.query, limit, offset });
      const base = baseUrlOf(request);
      return {
        object: 'list',
        total,
        limit,
        offset,
        license: 'CC0-1.0',
        animations: rows.map((c) => ({
          id: c.id,
          object: 'animation',
          name: c.name,
          rig_type: c.rig_type,
          duration_seconds: c.duration_seconds,
          fps: c.fps,
          loop: c.loop === 1,
          url: fileUrl(base, c.file_token, `${c.id.replace(/\//g, '-')}.glb`),
          preview_url: c.preview_token ? fileUrl(base, c.preview_token, `${c.id.replace(/\//g, '-')}.png`) : null,
          license: 'CC0-1.0',
        })),
        library: library(),
      };
    },
  });
}
