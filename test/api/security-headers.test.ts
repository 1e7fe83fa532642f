import { describe, expect, it } from 'vitest';
import { createCourse } from './fixtures';
import { api, createAdmin, login } from './helpers';

describe('security headers', () => {
  it('keeps the strict policy on JSON answers', async () => {
    const res = await api('GET', '/api/public/config');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("lets the browser's own viewer open a PDF while still refusing foreign framing", async () => {
    const course = await createCourse();
    const admin = await createAdmin();
    const token = await login(admin);
    const res = await api('GET', `/api/v2/materials/${course.material!.materialId}/file`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
