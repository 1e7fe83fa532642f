/** Product constants the client shows before (or without) asking the server. */
export const PRODUCT_NAME = 'SafeWork Academy';
/** The Help dialog's phone number when GET /api/public/config fails. */
export const DEFAULT_ADMIN_PHONE = '+91 80 4000 2026';
export const DEFAULT_COURSE_ICON = '/default-course-icon.png';
