/*
 * Argon2id for the hub, on libuv's pool, with its working memory kept between hashes.
 *
 * Why this exists (docs/performance.md "Inside the hash"): a verification with m = 19 MiB spent
 * about a fifth of its time not hashing but getting fresh memory from the kernel and wiping it on
 * the way out: every call maps its memory, the kernel zeroes each page on its first touch, the library
 * wipes it and unmaps it. Here each hash takes an arena from a small pool (one per hash in flight,
 * so one per libuv thread at most), and gives it back for the next; `trim()` returns the idle
 * arenas to the kernel (the JavaScript side calls it once the hub has not hashed for a while).
 *
 * The hashing itself is the Argon2 reference implementation (deps/argon2, CC0 / Apache-2.0), its
 * SIMD `fill_segment` chosen at run time (fill-segment.c). Hashes are the standard PHC strings
 * ($argon2id$v=19$m=…,t=…,p=…$salt$hash) that @node-rs/argon2 reads and writes.
 *
 * Working memory is not wiped between hashes (docs/security.md "Passwords"): the next hash
 * overwrites all of it before reading any, an idle arena goes back to the kernel, and the password
 * itself, which this file copies and wipes, is in the JavaScript heap as a string anyway.
 */
#define NAPI_VERSION 8
#include <node_api.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "argon2.h"
#include "encoding.h"

extern int FLAG_clear_internal_memory;
const char *hub_fill_segment_kind(void);

/* ---- arenas ---------------------------------------------------------------------------------- */

#define HUGE_PAGE ((size_t)2 << 20)
#define MAX_IDLE 16
/* A stored hash asking for more than 1 GiB is not one the hub made: refused, not allocated. */
#define MAX_MEMORY_KIB (1u << 20)
#define MAX_ENCODED 512
#define HASH_BYTES 32

typedef struct {
  uint8_t *base;
  size_t size;
} arena;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static arena idle[MAX_IDLE];
static int idle_count = 0;
static int busy_count = 0;

/* Whole pages; the start is aligned to a huge page (map_arena), the end need not be: 9 MiB holds
   four huge pages and 1 MiB of small ones, rather than a fifth huge page half used. */
#define PAGE ((size_t)4096)
static size_t rounded(size_t bytes) { return (bytes + PAGE - 1) & ~(PAGE - 1); }

/* A new arena aligned to a huge page, so the kernel can back it with huge pages (fewer faults). */
static uint8_t *map_arena(size_t size) {
  size_t span = size + HUGE_PAGE;
  uint8_t *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return NULL;
  uint8_t *base = (uint8_t *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
  size_t head = (size_t)(base - raw);
  if (head > 0) munmap(raw, head);
  if (span - head - size > 0) munmap(base + size, span - head - size);
#ifdef MADV_HUGEPAGE
  madvise(base, size, MADV_HUGEPAGE);
#endif
  return base;
}

/*
 * An idle arena of the size asked for, else a new one. A new one replaces an idle arena of another
 * size (a hash made with older parameters, verified while the new ones are in use), so arenas of
 * two sizes never pile up: there are never more arenas than hashes have run at once.
 */
static int take_arena(uint8_t **memory, size_t bytes) {
  size_t size = rounded(bytes);
  arena replaced = {NULL, 0};
  *memory = NULL;
  pthread_mutex_lock(&pool_lock);
  for (int i = idle_count - 1; i >= 0; i--) {
    if (idle[i].size == size) {
      *memory = idle[i].base;
      idle[i] = idle[--idle_count];
      break;
    }
  }
  if (*memory == NULL && idle_count > 0) replaced = idle[--idle_count];
  busy_count++;
  pthread_mutex_unlock(&pool_lock);
  if (replaced.base != NULL) munmap(replaced.base, replaced.size);
  if (*memory == NULL) *memory = map_arena(size);
  if (*memory == NULL) {
    pthread_mutex_lock(&pool_lock);
    busy_count--;
    pthread_mutex_unlock(&pool_lock);
    return ARGON2_MEMORY_ALLOCATION_ERROR;
  }
  return ARGON2_OK;
}

static void give_arena(uint8_t *memory, size_t bytes) {
  size_t size = rounded(bytes);
  int kept = 0;
  pthread_mutex_lock(&pool_lock);
  busy_count--;
  if (idle_count < MAX_IDLE) {
    idle[idle_count].base = memory;
    idle[idle_count].size = size;
    idle_count++;
    kept = 1;
  }
  pthread_mutex_unlock(&pool_lock);
  if (!kept) munmap(memory, size);
}

/* ---- the work -------------------------------------------------------------------------------- */

typedef enum { HASH, VERIFY } job_kind;

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  job_kind kind;
  uint8_t *password;
  size_t password_len;
  uint8_t salt[64];
  size_t salt_len;
  uint32_t t_cost, m_cost, lanes;
  char encoded[MAX_ENCODED + 1]; /* verify: the stored hash; hash: the result */
  int status;                    /* an ARGON2_* code */
} job;

static void prepare(argon2_context *ctx) {
  ctx->allocate_cbk = take_arena;
  ctx->free_cbk = give_arena;
  ctx->secret = NULL;
  ctx->secretlen = 0;
  ctx->ad = NULL;
  ctx->adlen = 0;
  ctx->threads = 1; /* the pool is the parallelism: one hash per libuv thread */
  ctx->flags = ARGON2_DEFAULT_FLAGS;
}

static int constant_time_differs(const uint8_t *a, const uint8_t *b, size_t len) {
  volatile uint8_t d = 0;
  for (size_t i = 0; i < len; i++) d |= a[i] ^ b[i];
  return d != 0;
}

static void run_hash(job *j) {
  uint8_t out[HASH_BYTES];
  argon2_context ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.out = out;
  ctx.outlen = HASH_BYTES;
  ctx.pwd = j->password;
  ctx.pwdlen = (uint32_t)j->password_len;
  ctx.salt = j->salt;
  ctx.saltlen = (uint32_t)j->salt_len;
  ctx.t_cost = j->t_cost;
  ctx.m_cost = j->m_cost;
  ctx.lanes = j->lanes;
  ctx.version = ARGON2_VERSION_13;
  prepare(&ctx);
  j->status = argon2_ctx(&ctx, Argon2_id);
  if (j->status == ARGON2_OK) j->status = encode_string(j->encoded, sizeof j->encoded, &ctx, Argon2_id);
  memset(out, 0, sizeof out);
}

static void run_verify(job *j) {
  uint8_t salt[MAX_ENCODED], stored[MAX_ENCODED], computed[MAX_ENCODED];
  argon2_context ctx;
  memset(&ctx, 0, sizeof ctx);
  /* No field can be longer than the encoded string (as in the reference argon2_verify). */
  ctx.salt = salt;
  ctx.saltlen = MAX_ENCODED;
  ctx.out = stored;
  ctx.outlen = MAX_ENCODED;
  ctx.pwd = j->password;
  ctx.pwdlen = (uint32_t)j->password_len;
  j->status = decode_string(&ctx, j->encoded, Argon2_id);
  if (j->status != ARGON2_OK) return;
  if (ctx.m_cost > MAX_MEMORY_KIB) {
    j->status = ARGON2_MEMORY_TOO_MUCH;
    return;
  }
  ctx.out = computed;
  prepare(&ctx);
  j->status = argon2_ctx(&ctx, Argon2_id);
  if (j->status == ARGON2_OK && constant_time_differs(stored, computed, ctx.outlen)) j->status = ARGON2_VERIFY_MISMATCH;
  memset(computed, 0, sizeof computed);
}

static void execute(napi_env env, void *data) {
  (void)env;
  job *j = data;
  if (j->kind == HASH) run_hash(j);
  else run_verify(j);
}

static void forget_password(job *j) {
  if (j->password != NULL) {
    volatile uint8_t *p = j->password;
    for (size_t i = 0; i < j->password_len; i++) p[i] = 0;
    free(j->password);
    j->password = NULL;
  }
}

static void complete(napi_env env, napi_status status, void *data) {
  job *j = data;
  napi_value value;
  forget_password(j);
  if (status != napi_ok) {
    napi_create_string_utf8(env, "argon2: the work was cancelled", NAPI_AUTO_LENGTH, &value);
    napi_value error;
    napi_create_error(env, NULL, value, &error);
    napi_reject_deferred(env, j->deferred, error);
  } else if (j->kind == VERIFY && (j->status == ARGON2_OK || j->status == ARGON2_VERIFY_MISMATCH)) {
    napi_get_boolean(env, j->status == ARGON2_OK, &value);
    napi_resolve_deferred(env, j->deferred, value);
  } else if (j->kind == HASH && j->status == ARGON2_OK) {
    napi_create_string_utf8(env, j->encoded, NAPI_AUTO_LENGTH, &value);
    napi_resolve_deferred(env, j->deferred, value);
  } else {
    napi_value message, code, error;
    napi_create_string_utf8(env, argon2_error_message(j->status), NAPI_AUTO_LENGTH, &message);
    /* Memory that could not be had is the machine's fault, not the hash's: the hub answers it with a 503. */
    const char *name = j->status == ARGON2_MEMORY_ALLOCATION_ERROR ? "ARGON2_NO_MEMORY" : "ARGON2_FAILED";
    napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &code);
    napi_create_error(env, code, message, &error);
    napi_reject_deferred(env, j->deferred, error);
  }
  napi_delete_async_work(env, j->work);
  free(j);
}

/* ---- arguments ------------------------------------------------------------------------------- */

static napi_value throw_type(napi_env env, const char *message) {
  napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", message);
  return NULL;
}

/* Copies a JavaScript string's UTF-8 bytes into a new buffer of the job's. */
static int copy_password(napi_env env, napi_value value, job *j) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return 0;
  if (length > ARGON2_MAX_PWD_LENGTH) return 0;
  j->password = malloc(length + 1);
  if (j->password == NULL) return 0;
  napi_get_value_string_utf8(env, value, (char *)j->password, length + 1, &j->password_len);
  return 1;
}

static int get_uint32(napi_env env, napi_value value, uint32_t *out) {
  return napi_get_value_uint32(env, value, out) == napi_ok;
}

static napi_value queue(napi_env env, job *j) {
  napi_value promise, name;
  napi_create_promise(env, &j->deferred, &promise);
  napi_create_string_utf8(env, "hub-argon2", NAPI_AUTO_LENGTH, &name);
  napi_create_async_work(env, NULL, name, execute, complete, j, &j->work);
  napi_queue_async_work(env, j->work);
  return promise;
}

/* The call's `count` arguments and a new job of `kind`; NULL once it has thrown. */
static job *new_job(napi_env env, napi_callback_info info, napi_value *argv, size_t count, job_kind kind,
                    const char *usage) {
  size_t argc = count;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  job *j = argc < count ? NULL : calloc(1, sizeof(job));
  if (j == NULL) {
    throw_type(env, usage);
    return NULL;
  }
  j->kind = kind;
  return j;
}

/* A job whose arguments were refused: never queued, so freed here. */
static napi_value refuse(napi_env env, job *j, const char *usage) {
  forget_password(j);
  free(j);
  return throw_type(env, usage);
}

/* hash(password: string, salt: Buffer, timeCost, memoryCostKiB, parallelism): Promise<string> */
static napi_value hash(napi_env env, napi_callback_info info) {
  static const char usage[] =
      "hash(password: string, salt: Buffer of 8 to 64 bytes, timeCost, memoryCost of at most 1 GiB, parallelism)";
  napi_value argv[5];
  job *j = new_job(env, info, argv, 5, HASH, usage);
  if (j == NULL) return NULL;
  void *salt;
  size_t salt_len;
  int ok = copy_password(env, argv[0], j) &&
           napi_get_buffer_info(env, argv[1], &salt, &salt_len) == napi_ok && salt_len >= 8 &&
           salt_len <= sizeof j->salt && get_uint32(env, argv[2], &j->t_cost) &&
           get_uint32(env, argv[3], &j->m_cost) && get_uint32(env, argv[4], &j->lanes) &&
           j->m_cost <= MAX_MEMORY_KIB;
  if (!ok) return refuse(env, j, usage);
  memcpy(j->salt, salt, salt_len);
  j->salt_len = salt_len;
  return queue(env, j);
}

/* verify(encoded: string, password: string): Promise<boolean>; rejects when `encoded` is not an Argon2id hash. */
static napi_value verify(napi_env env, napi_callback_info info) {
  static const char usage[] = "verify(encoded: string of at most 512 bytes, password: string)";
  napi_value argv[2];
  job *j = new_job(env, info, argv, 2, VERIFY, usage);
  if (j == NULL) return NULL;
  size_t encoded_len = 0;
  int ok = napi_get_value_string_utf8(env, argv[0], NULL, 0, &encoded_len) == napi_ok &&
           encoded_len <= MAX_ENCODED &&
           napi_get_value_string_utf8(env, argv[0], j->encoded, sizeof j->encoded, &encoded_len) == napi_ok &&
           copy_password(env, argv[1], j);
  if (!ok) return refuse(env, j, usage);
  return queue(env, j);
}

/* trim(): number — unmaps the idle arenas; the ones in use go back to the pool as usual. */
static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  arena freed[MAX_IDLE];
  int count;
  pthread_mutex_lock(&pool_lock);
  count = idle_count;
  memcpy(freed, idle, sizeof(arena) * (size_t)count);
  idle_count = 0;
  pthread_mutex_unlock(&pool_lock);
  for (int i = 0; i < count; i++) munmap(freed[i].base, freed[i].size);
  napi_value result;
  napi_create_int32(env, count, &result);
  return result;
}

/* arenas(): { idle, busy } */
static napi_value arenas(napi_env env, napi_callback_info info) {
  (void)info;
  int idle_now, busy_now;
  pthread_mutex_lock(&pool_lock);
  idle_now = idle_count;
  busy_now = busy_count;
  pthread_mutex_unlock(&pool_lock);
  napi_value result, idle_value, busy_value;
  napi_create_object(env, &result);
  napi_create_int32(env, idle_now, &idle_value);
  napi_create_int32(env, busy_now, &busy_value);
  napi_set_named_property(env, result, "idle", idle_value);
  napi_set_named_property(env, result, "busy", busy_value);
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  FLAG_clear_internal_memory = 0;
  napi_value kind;
  napi_create_string_utf8(env, hub_fill_segment_kind(), NAPI_AUTO_LENGTH, &kind);
  napi_property_descriptor properties[] = {
      {"hash", NULL, hash, NULL, NULL, NULL, napi_enumerable, NULL},
      {"verify", NULL, verify, NULL, NULL, NULL, napi_enumerable, NULL},
      {"trim", NULL, trim, NULL, NULL, NULL, napi_enumerable, NULL},
      {"arenas", NULL, arenas, NULL, NULL, NULL, napi_enumerable, NULL},
      {"simd", NULL, NULL, NULL, NULL, kind, napi_enumerable, NULL},
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}

NAPI_MODULE_INIT() { return init(env, exports); }
