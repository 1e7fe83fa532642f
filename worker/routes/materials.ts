import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { materialCaptionRoutes } from './materials/captions';
import { materialFiles } from './materials/files';
import { materialLibrary } from './materials/library';
import { materialUploads } from './materials/uploads';

/*
 * /api/v2/materials: admins list, upload, edit and delete; learners read a material (and stream
 * its file) only while enrolled in a course that uses it. The file route also answers a signed
 * link without a session, so this router mixes public and private routes and every handler
 * states its own guard (the file routes are `publicRoute`: `fileAccess` checks the link or the session).
 *
 * One file per sub-resource under materials/, mounted at the same base so every path stays as it
 * was. The library comes first: its `GET /search` must be registered before `GET /:id`.
 */
export const materials = new Hono<AppEnv>()
  .route('/', materialLibrary)
  .route('/', materialUploads)
  .route('/', materialFiles)
  .route('/', materialCaptionRoutes);
