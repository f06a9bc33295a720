// The product editor's HPC pool specification (pool type, cluster, partition, limits) is the hpc
// domain's: the catalogue builds on it here so its pages keep to their own domain's folder.
export {
  HpcSpecFields,
  type HpcSpecValues,
  hpcSpecOf,
  hpcSpecValues,
} from "../hpc/hpc-spec-fields";
