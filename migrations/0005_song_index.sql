-- The song libraries' index: what R2 does not store for us. One row per object that has been checksummed:
-- its CRC-32 (for folder zips), valid only while the object still has the recorded etag and size.
CREATE TABLE song_index (
  library TEXT NOT NULL,
  path TEXT NOT NULL,
  etag TEXT NOT NULL,
  size INTEGER NOT NULL,
  crc32 INTEGER NOT NULL,
  PRIMARY KEY (library, path)
) WITHOUT ROWID;
