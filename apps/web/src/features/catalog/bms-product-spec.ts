// The product editor's bare-metal specification (flavours and images) is the bare-metal domain's:
// the catalogue builds on it here so its pages keep to their own domain's folder.
export {
  BMS_SAMPLE,
  BmsProductSpecFields,
  type BmsSpecValues,
  bmsSpecOf,
  bmsSpecValues,
} from "../bms/bms-product-spec";
