/// The ForageLocation module. Its contents arrive with their issue.
public enum ForageLocationModule {}
