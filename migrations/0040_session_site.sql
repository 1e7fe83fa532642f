-- Issue 29 (round 2): a classroom session may name the site where it is held (issue 30's sites).
-- Optional: sessions scheduled before sites existed, or off-site, keep null. A retired site stays
-- on the sessions that named it (the record keeps where it happened).
ALTER TABLE classroom_sessions ADD COLUMN site_id TEXT REFERENCES sites(id);
