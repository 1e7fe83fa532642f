-- Issue 28: the evaluator's password no longer waits on the device in clear. The device seals it
-- (with the evaluation's id and content hash) to the Worker's public key; the private key is kept
-- here, itself sealed (AES-GCM) under a key derived (HKDF) from JWT_SECRET. Old keys stay a while
-- so a record signed without a signal can still be opened after a rotation.
CREATE TABLE `signature_envelope_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`public_jwk` text NOT NULL,
	`private_key_sealed` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
CREATE INDEX `signature_envelope_keys_created_idx` ON `signature_envelope_keys` (`created_at`);
