/// The ForagePlaces module. Its contents arrive with their issue.
public enum ForagePlacesModule {}
