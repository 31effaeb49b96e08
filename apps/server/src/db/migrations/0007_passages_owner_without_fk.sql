-- passages.user_id is no longer a foreign key: the agent_id foreign key already removes the passages of a
-- deleted account (its agents go with it), and the second per-row check cost about a tenth of indexing time
-- (ADR 0009).
ALTER TABLE "passages" DROP CONSTRAINT "passages_user_id_user_id_fk";
