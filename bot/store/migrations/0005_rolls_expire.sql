-- Stored rolls expire (bot/store/rolls.py, ROLL_KEPT_FOR): find the old ones without a scan.
CREATE INDEX rolls_by_created_at ON rolls (created_at);
