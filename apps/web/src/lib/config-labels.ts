// The label of a system-configuration entry, shared by the configuration page and the audit log
// (which names the entries a change touched): `ops.config.keys.<key>`, the key's dots as
// underscores, since i18n keys cannot contain the dots of config keys.
export const configLabelKey = (configKey: string): string =>
  `ops.config.keys.${configKey.replace(/\./g, "_")}`;
