/**
 * The parametric and fixed constants a Tallinn sandbox answers on `…/context/constants`:
 * Octez's `constants_sandbox` of `src/proto_024_PtTALLiN/lib_parameters/default_parameters.ml`
 * (mainnet's values with a 1-second block, 8-block cycles, a 256-slot committee…), the fixed
 * constants of `constants_repr.ml`, in the JSON shape of the T024 `constants` encoding.
 *
 * One deviation: `max_operations_time_to_live` is the sandbox shell's branch window
 * ({@link MAX_OPERATIONS_TTL}, 120 blocks) rather than Octez sandbox's 8, since that is the
 * window the sandbox enforces (an operation's branch must be among the head's live blocks).
 */
import { BLOCKS_PER_CYCLE, MAX_OPERATIONS_TTL } from "../protocol/protocol.ts";

/** Bytes charged for a new implicit account (`origination_size`). */
export const ORIGINATION_SIZE = 257;
/** Mutez burnt per byte of storage (`cost_per_byte`). */
export const COST_PER_BYTE = 250n;
/** Gas limits, in gas units (`hard_gas_limit_per_operation`, `…_per_block`). */
export const HARD_GAS_LIMIT_PER_OPERATION = 1_040_000n;
export const HARD_GAS_LIMIT_PER_BLOCK = 1_040_000n;
/** `hard_storage_limit_per_operation`, in bytes. */
export const HARD_STORAGE_LIMIT_PER_OPERATION = 60_000n;
/** Seconds between blocks at round 0 (`minimal_block_delay`). */
export const MINIMAL_BLOCK_DELAY = 1;

const ratio = (numerator: number, denominator: number) => ({ numerator: String(numerator), denominator: String(denominator) });

/** The answer of `GET …/context/constants` (a JSON value of the T024 `constants` encoding). */
export const SANDBOX_CONSTANTS = Object.freeze({
  proof_of_work_nonce_size: 8,
  nonce_length: 32,
  max_anon_ops_per_block: 132,
  max_operation_data_length: 32768,
  max_proposals_per_delegate: 20,
  max_micheline_node_count: 50000,
  max_micheline_bytes_limit: 50000,
  max_allowed_global_constants_depth: 10000,
  cache_layout_size: 3,
  michelson_maximum_type_size: 2001,
  denunciation_period: 1,
  slashing_delay: 1,
  smart_rollup_max_wrapped_proof_binary_size: 30000,
  smart_rollup_message_size_limit: 4096,
  smart_rollup_max_number_of_messages_per_level: "1000000",
  consensus_rights_delay: 2,
  blocks_preservation_cycles: 1,
  delegate_parameters_activation_delay: 2,
  tolerated_inactivity_period: 2,
  blocks_per_cycle: BLOCKS_PER_CYCLE,
  blocks_per_commitment: 4,
  nonce_revelation_threshold: 4,
  cycles_per_voting_period: 8,
  hard_gas_limit_per_operation: String(HARD_GAS_LIMIT_PER_OPERATION),
  hard_gas_limit_per_block: String(HARD_GAS_LIMIT_PER_BLOCK),
  proof_of_work_threshold: String((1n << 62n) - 1n),
  minimal_stake: "6000000000",
  minimal_frozen_stake: "600000000",
  vdf_difficulty: "50000",
  origination_size: ORIGINATION_SIZE,
  issuance_weights: {
    base_total_issued_per_minute: "80007812",
    baking_reward_fixed_portion_weight: 5120,
    baking_reward_bonus_weight: 5120,
    attesting_reward_weight: 10240,
    seed_nonce_revelation_tip_weight: 1,
    vdf_revelation_tip_weight: 1,
    dal_rewards_weight: 2275,
  },
  cost_per_byte: String(COST_PER_BYTE),
  hard_storage_limit_per_operation: String(HARD_STORAGE_LIMIT_PER_OPERATION),
  quorum_min: 2000,
  quorum_max: 7000,
  min_proposal_quorum: 500,
  liquidity_baking_subsidy: "5000000",
  liquidity_baking_toggle_ema_threshold: 1000000000,
  max_operations_time_to_live: MAX_OPERATIONS_TTL,
  minimal_block_delay: String(MINIMAL_BLOCK_DELAY),
  delay_increment_per_round: "1",
  consensus_committee_size: 256,
  consensus_threshold_size: 0,
  minimal_participation_ratio: { numerator: 2, denominator: 3 },
  limit_of_delegation_over_baking: 19,
  percentage_of_frozen_deposits_slashed_per_double_baking: 500,
  max_slashing_per_block: 10000,
  max_slashing_threshold: { numerator: 1, denominator: 3 },
  cache_script_size: 100000000,
  cache_stake_distribution_cycles: 5,
  cache_sampler_state_cycles: 5,
  dal_parametric: {
    feature_enable: true,
    incentives_enable: true,
    number_of_slots: 16,
    attestation_lag: 8,
    attestation_threshold: 66,
    minimal_participation_ratio: ratio(16, 25),
    rewards_ratio: ratio(1, 10),
    traps_fraction: ratio(1, 2000),
    redundancy_factor: 8,
    page_size: 3967,
    slot_size: 126944,
    number_of_shards: 256,
  },
  smart_rollup_arith_pvm_enable: false,
  smart_rollup_origination_size: 6314,
  smart_rollup_challenge_window_in_blocks: 1209600,
  smart_rollup_stake_amount: "10000000000",
  smart_rollup_commitment_period_in_blocks: 900,
  smart_rollup_max_lookahead_in_blocks: 2592000,
  smart_rollup_max_active_outbox_levels: 151200,
  smart_rollup_max_outbox_messages_per_level: 100,
  smart_rollup_number_of_sections_in_dissection: 32,
  smart_rollup_timeout_period_in_blocks: 604800,
  smart_rollup_max_number_of_cemented_commitments: 5,
  smart_rollup_max_number_of_parallel_games: 32,
  smart_rollup_reveal_activation_level: { raw_data: { Blake2B: 0 }, metadata: 0, dal_page: 1, dal_parameters: 1, dal_attested_slots_validity_lag: 241920 },
  smart_rollup_private_enable: true,
  smart_rollup_riscv_pvm_enable: false,
  zk_rollup_enable: false,
  zk_rollup_origination_size: 4000,
  zk_rollup_min_pending_to_process: 10,
  zk_rollup_max_ticket_payload_size: 2048,
  global_limit_of_staking_over_baking: 9,
  edge_of_staking_over_delegation: 3,
  adaptive_rewards_params: {
    issuance_ratio_final_min: ratio(1, 400),
    issuance_ratio_final_max: ratio(1, 10),
    issuance_ratio_initial_min: ratio(9, 200),
    issuance_ratio_initial_max: ratio(11, 200),
    initial_period: 10,
    transition_period: 50,
    max_bonus: "50000000000000",
    growth_rate: ratio(1, 100),
    center_dz: ratio(1, 2),
    radius_dz: ratio(1, 50),
  },
  direct_ticket_spending_enable: false,
  aggregate_attestation: true,
  allow_tz4_delegate_enable: true,
  all_bakers_attest_activation_threshold: { numerator: 1, denominator: 2 },
  issuance_modification_delay: 2,
  consensus_key_activation_delay: 2,
  unstake_finalization_delay: 3,
});
