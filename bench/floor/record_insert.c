/* What one photo's entry in the folder's record costs SQLite alone: the same table, indexes, pragmas and
 * batches of 1 024 rows per transaction as DownloadRecord (Sources/RoverCore/Record/DownloadRecord+Opening.swift),
 * driven from C so that no Swift is measured. Prints CPU microseconds per row.
 * Usage: record_insert DATABASE ROWS [SCHEMA]
 * SCHEMA: "current" (default: the table, its unique key and the indexes on product and frame, three B-trees a
 * photo without a frame version), "path-index" (the same and an index on path, as before issue 39: four). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static const char *schema =
    "PRAGMA journal_mode = DELETE; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -512;"
    "CREATE TABLE photos (rover TEXT NOT NULL, id TEXT NOT NULL, product TEXT NOT NULL, frame TEXT,"
    " version INTEGER, sol INTEGER, bytes INTEGER NOT NULL, path TEXT NOT NULL, run INTEGER NOT NULL,"
    " UNIQUE (rover, id));"
    "CREATE INDEX photos_by_product ON photos (rover, product);"
    "CREATE INDEX photos_by_frame ON photos (rover, frame) WHERE frame IS NOT NULL;";

/* The index earlier versions kept for the look-up of a size by path. */
static const char *path_index = "CREATE INDEX photos_by_path ON photos (path);";

int main(int argc, char **argv) {
    int with_path_index = argc == 4 && strcmp(argv[3], "path-index") == 0;
    if ((argc != 3 && argc != 4) || (argc == 4 && !with_path_index && strcmp(argv[3], "current") != 0)) {
        fprintf(stderr, "usage: record_insert DATABASE ROWS [current|path-index]\n");
        return 2;
    }
    int rows = atoi(argv[2]);
    unlink(argv[1]);
    sqlite3 *db;
    sqlite3_stmt *insert;
    if (sqlite3_open(argv[1], &db) != SQLITE_OK || sqlite3_exec(db, schema, 0, 0, 0) != SQLITE_OK ||
        (with_path_index && sqlite3_exec(db, path_index, 0, 0, 0) != SQLITE_OK) ||
        sqlite3_prepare_v2(db,
                           "INSERT OR REPLACE INTO photos (rover, id, product, frame, version, sol, bytes, path, run)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &insert, 0) != SQLITE_OK) {
        fprintf(stderr, "record_insert: %s\n", sqlite3_errmsg(db));
        return 1;
    }
    char id[32], product[32], path[64];
    double start = cpu_seconds();
    for (int row = 0; row < rows; row++) {
        if (row % 1024 == 0) {
            if (row > 0) sqlite3_exec(db, "COMMIT", 0, 0, 0);
            sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0);
        }
        snprintf(id, sizeof id, "%d", row + 1);
        snprintf(product, sizeof product, "%06d", row);
        snprintf(path, sizeof path, "curiosity_1000_FHAZ_%d.jpg", row + 1);
        sqlite3_reset(insert);
        sqlite3_clear_bindings(insert);
        sqlite3_bind_text(insert, 1, "curiosity", -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 2, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 3, product, -1, SQLITE_TRANSIENT);
        sqlite3_bind_null(insert, 4);
        sqlite3_bind_null(insert, 5);
        sqlite3_bind_int64(insert, 6, 1000);
        sqlite3_bind_int64(insert, 7, 20480);
        sqlite3_bind_text(insert, 8, path, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert, 9, 1);
        if (sqlite3_step(insert) != SQLITE_DONE) {
            fprintf(stderr, "record_insert: %s\n", sqlite3_errmsg(db));
            return 1;
        }
    }
    sqlite3_exec(db, "COMMIT", 0, 0, 0);
    printf("%.2f\n", (cpu_seconds() - start) / rows * 1e6);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return 0;
}
