/// The ForageApp module. Its contents arrive with their issue.
public enum ForageAppModule {}
