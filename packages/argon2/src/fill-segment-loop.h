/*
 * The part of the hub's own Argon2 loops that does not depend on the register width: included by
 * fill-segment-avx512.c and fill-segment-avx2.c after each has defined, for its width,
 *
 *   vec                          the register type, VECS of them a block (128 / VECS words each)
 *   vload, vstore, vxor, vfirst  unaligned load and store, XOR, and a register's first word
 *   rounds(c)                    P on the rows, then on the columns, of a block in column order
 *   to_columns, from_columns     a block between the standard order and the column order
 *
 * Blocks stay in memory in the column order, so loading and storing one needs no shuffle. The
 * column order keeps word 0, which picks the next reference block, at the place of the standard
 * order's word 0. A lane's first two blocks (written by core.c in the standard order) are
 * reordered when its first segment starts, and its last block (read by finalize) put back when
 * its last one ends: no other lane reads either at those moments (the reference area never holds
 * another lane's current slice). Addresses for the data-independent half are made in the standard
 * order, as they are read.
 */
#ifndef HUB_FILL_SEGMENT_LOOP_H
#define HUB_FILL_SEGMENT_LOOP_H

#define WORDS_PER_VEC (ARGON2_QWORDS_IN_BLOCK / VECS)

INLINE void load(vec c[VECS], const block *b) {
  for (int k = 0; k < VECS; k++) c[k] = vload(b->v + WORDS_PER_VEC * k);
}

INLINE void store(block *b, const vec c[VECS]) {
  for (int k = 0; k < VECS; k++) vstore(b->v + WORDS_PER_VEC * k, c[k]);
}

/* In place, a block from the standard order to the column order (a lane's first two blocks)... */
static void to_column_order(block *b) {
  vec c[VECS];
  to_columns(c, b);
  store(b, c);
}

/* ...and back (its last block, which finalize reads). */
static void to_standard_order(block *b) {
  vec c[VECS];
  load(c, b);
  from_columns(b, c);
}

/* The next block of addresses, in the standard order (as they are read). */
static void next_addresses(block *address_block, block *input_block) {
  vec c[VECS], x[VECS];
  input_block->v[6]++;
  to_columns(c, input_block);
  for (int round = 0; round < 2; round++) {
    for (int k = 0; k < VECS; k++) x[k] = c[k];
    rounds(c);
    for (int k = 0; k < VECS; k++) c[k] = vxor(c[k], x[k]);
  }
  from_columns(address_block, c);
}

void fill_segment(const argon2_instance_t *instance, argon2_position_t position) {
  if (instance == NULL) return;
  block address_block, input_block;
  const uint32_t lane_length = instance->lane_length, segment_length = instance->segment_length;
  const uint32_t lanes = instance->lanes;
  block *const memory = instance->memory;
  block *const lane = memory + (size_t)position.lane * lane_length;
  const int data_independent = instance->type == Argon2_i ||
      (instance->type == Argon2_id && position.pass == 0 && position.slice < ARGON2_SYNC_POINTS / 2);
  const int with_xor = instance->version != ARGON2_VERSION_10 && position.pass != 0;

  if (data_independent) {
    init_block_value(&input_block, 0);
    input_block.v[0] = position.pass;
    input_block.v[1] = position.lane;
    input_block.v[2] = position.slice;
    input_block.v[3] = instance->memory_blocks;
    input_block.v[4] = instance->passes;
    input_block.v[5] = instance->type;
  }

  uint32_t start = 0;
  if (position.pass == 0 && position.slice == 0) {
    start = 2;
    /* The lane's first two blocks, written in the standard order, into the column order. */
    to_column_order(lane);
    to_column_order(lane + 1);
    if (data_independent) next_addresses(&address_block, &input_block);
  }

  /* core.c's index_alpha, with its per-segment part taken out of the loop and no division. */
  const uint32_t slice_start = position.slice * segment_length;
  const uint32_t same_base = position.pass == 0 ? slice_start - 1 : lane_length - segment_length - 1;
  const uint32_t other_base = position.pass == 0 ? slice_start : lane_length - segment_length;
  const uint32_t area_start = (position.pass == 0 || position.slice == ARGON2_SYNC_POINTS - 1)
      ? 0 : (position.slice + 1) * segment_length;
  const int own_lane_only = position.pass == 0 && position.slice == 0;

  uint32_t curr = slice_start + start;
  uint32_t prev = curr == 0 ? lane_length - 1 : curr - 1;
  vec state[VECS];
  load(state, lane + prev);

  for (uint32_t i = start; i < segment_length; i++, curr++) {
    uint64_t pseudo_rand;
    if (data_independent) {
      if (i % ARGON2_ADDRESSES_IN_BLOCK == 0) next_addresses(&address_block, &input_block);
      pseudo_rand = address_block.v[i % ARGON2_ADDRESSES_IN_BLOCK];
    } else {
      pseudo_rand = vfirst(state[0]);
    }
    /* One lane (the hub's p = 1) needs no division on the path to the reference block. */
    uint32_t ref_lane = own_lane_only ? position.lane
        : lanes == 1 ? 0 : (uint32_t)((pseudo_rand >> 32) % lanes);
    uint32_t area = ref_lane == position.lane ? same_base + i : other_base - (i == 0 ? 1 : 0);
    uint64_t relative = (uint32_t)pseudo_rand;
    relative = relative * relative >> 32;
    relative = area - 1 - ((uint64_t)area * relative >> 32);
    uint32_t absolute = area_start + (uint32_t)relative;
    if (absolute >= lane_length) absolute -= lane_length;
    const block *ref = memory + (size_t)ref_lane * lane_length + absolute;
    block *next = lane + curr;

    vec xy[VECS];
    for (int k = 0; k < VECS; k++) {
      state[k] = vxor(state[k], vload(ref->v + WORDS_PER_VEC * k));
      xy[k] = with_xor ? vxor(state[k], vload(next->v + WORDS_PER_VEC * k)) : state[k];
    }
    rounds(state);
    for (int k = 0; k < VECS; k++) {
      state[k] = vxor(state[k], xy[k]);
      vstore(next->v + WORDS_PER_VEC * k, state[k]);
    }
  }

  /* The lane's last block, read by finalize in the standard order, back into it. */
  if (position.pass == instance->passes - 1 && position.slice == ARGON2_SYNC_POINTS - 1) {
    to_standard_order(lane + lane_length - 1);
  }
}

#endif
