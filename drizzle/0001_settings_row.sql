-- The settings table holds exactly one row; create it here so reads never have to handle "no settings".
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
