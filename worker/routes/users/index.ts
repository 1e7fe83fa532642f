import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { adminUsers } from './admin';
import { userBooks } from './books';
import { bulkUsers } from './bulk';
import { exportUsers } from './export';
import { leavers } from './leavers';
import { userProfile } from './profile';

/**
 * /api/users, cut by sub-resource; each part states its own guards. Order matters where a static
 * path shares a shape with `/:id` (`/bulk`, `/search`, `/export`): those parts come first, the
 * profile (`GET`/`PUT /:id`, any signed-in user for their own) last.
 */
export const usersRoutes = new Hono<AppEnv>()
  .route('/', bulkUsers)
  .route('/', exportUsers)
  .route('/', leavers)
  .route('/', userBooks)
  .route('/', adminUsers)
  .route('/', userProfile);
