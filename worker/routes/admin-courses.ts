import { Hono } from 'hono';
import type { AppEnv } from '../env';

// Not built yet: see the open issues.
export const adminCourses = new Hono<AppEnv>();
