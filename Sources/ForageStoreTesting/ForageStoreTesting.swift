/// The ForageStoreTesting module. Its contents arrive with their issue.
public enum ForageStoreTestingModule {}
