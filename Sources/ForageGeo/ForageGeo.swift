/// The ForageGeo module. Its contents arrive with their issue.
public enum ForageGeoModule {}
