-- The address triggers (0023) look a path up across every event: without this index each page inserted or
-- readdressed read the whole products table.
CREATE INDEX "products_url_path_idx" ON "products" USING btree ("url_path");