/* The About feature has no public C interface: the host reaches it through apphost_feature_entry. */
