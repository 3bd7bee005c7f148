/// The ForageStore module. Its contents arrive with their issue.
public enum ForageStoreModule {}
